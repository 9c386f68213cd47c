// Busy: burns CPU forever without output; the time limit must stop it (TLE).
package main

import "fmt"

func main() {
	x := uint64(1)
	for x != 0 {
		x = x*6364136223846793005 + 1442695040888963407
		if x == 42 {
			fmt.Println(x)
		}
	}
}
