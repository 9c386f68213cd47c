# The tag disagrees with the folder; DOMjudge takes the tag.
# @EXPECTED_RESULTS@: WRONG_ANSWER
print(int(input()) * 3)
