#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

@inline(__always) func errnoValue() -> Int32 { errno }
