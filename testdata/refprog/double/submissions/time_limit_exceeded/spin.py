"""Never answers."""
while True:
    pass
