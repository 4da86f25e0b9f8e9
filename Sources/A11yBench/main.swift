// Benchmark entry point; see README "Performance".
print("a11y-bench: not yet implemented")
