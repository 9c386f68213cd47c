# An R source left executable, with no #! line: no program of its own.
x <- scan("stdin", quiet = TRUE)
cat(2 * x, "\n")
