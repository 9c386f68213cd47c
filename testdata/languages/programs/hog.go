// Hog: allocates and fills 1 MiB slices, keeping every one, so the
// garbage collector can free nothing: the memory limit must stop it (MLE).
package main

func main() {
	var kept [][]byte
	for i := 0; ; i++ {
		block := make([]byte, 1<<20)
		for j := range block {
			block[j] = byte(i | 1)
		}
		kept = append(kept, block)
	}
}
