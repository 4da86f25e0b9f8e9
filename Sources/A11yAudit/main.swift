// a11y-audit: command-line entry point; see README.
print("a11y-audit: under construction")
