# Binary search, flushing after every guess.
n = int(input())
low, high = 1, n
while True:
    guess = (low + high) // 2
    print(guess, flush=True)
    reply = input()
    if reply == "correct":
        break
    if reply == "higher":
        low = guess + 1
    else:
        high = guess - 1
