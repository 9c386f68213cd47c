// Busy: burns CPU forever without output; the time limit must stop it (TLE).
let x = 1;
for (;;) {
  x = (x * 1103515245 + 12345) % 2147483648;
  if (x === -1) console.log(x);
}
