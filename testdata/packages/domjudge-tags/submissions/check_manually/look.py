# @EXPECTED_RESULTS@: CHECK-MANUALLY
print(2 * int(input()))
