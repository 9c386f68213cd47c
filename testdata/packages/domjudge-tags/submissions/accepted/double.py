# @EXPECTED_RESULTS@: CORRECT
print(2 * int(input()))
