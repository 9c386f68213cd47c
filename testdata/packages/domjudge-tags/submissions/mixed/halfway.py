# Right on the sample only: either result is fine.
# @EXPECTED_RESULTS@: CORRECT, WRONG-ANSWER
x = int(input())
print(4 if x == 2 else 0)
