# The numbers are right (halves/ accepts); two spaces between them are not
# (layout.py rejects): only a judge that runs both validators says WA.
n = int(input())
print(f"{n // 2}  {n - n // 2}")
