# Echo: standard input to standard output, unchanged.
$stdin.each_line { |line| $stdout.write(line) }
