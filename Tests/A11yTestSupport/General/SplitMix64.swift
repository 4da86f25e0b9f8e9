import GeneratedInputs

/// The benchmarks' deterministic generator, so randomized tests reproduce.
public typealias SplitMix64 = GeneratedInputs.SplitMix64
