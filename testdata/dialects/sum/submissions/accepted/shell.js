// For SpiderMonkey's shell: readline() and print() are globals there.
var parts = readline().split(" ");
print(parseInt(parts[0], 10) + parseInt(parts[1], 10));
