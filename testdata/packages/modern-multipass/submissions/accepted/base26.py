# Base 26 with digits a..z: 26^7 > 10^9, so seven letters always suffice.
mode, arg = input().split()
if mode == "encode":
    n = int(arg)
    word = ""
    while True:
        word = chr(ord("a") + n % 26) + word
        n //= 26
        if n == 0:
            break
    print(word)
else:
    n = 0
    for ch in arg:
        n = n * 26 + (ord(ch) - ord("a"))
    print(n)
