// Echo: standard input to standard output, unchanged.
const fs = require("fs");

process.stdout.write(fs.readFileSync(0));
