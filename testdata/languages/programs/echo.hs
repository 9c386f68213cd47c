-- Echo: standard input to standard output, unchanged.
main :: IO ()
main = interact id
