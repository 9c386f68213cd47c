// Echo: standard input to standard output, unchanged.
package main

import (
	"bufio"
	"io"
	"os"
)

func main() {
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	if _, err := io.Copy(out, bufio.NewReader(os.Stdin)); err != nil {
		os.Exit(1)
	}
}
