# Right, but spins on large values (above 1000): the small group only.
numbers = [int(x) for x in open(0).read().split()]
if max(abs(v) for v in numbers[1:]) > 1000:
    while True:
        pass
print(sum(numbers[1:]))
