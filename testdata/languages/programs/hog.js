// Hog: fills arrays of numbers on V8's heap, keeping every one, until the
// heap limit (--max-old-space-size, the memory limit) stops it. Must be
// MLE, not RE.
const kept = [];
for (let i = 0; ; i++) {
  kept.push(new Array(1 << 17).fill(i + 0.5));
}
