// Hog: allocates and fills 1 MiB arrays, keeping every one, until the
// heap limit (-Xmx, the memory limit) stops it. Must be MLE, not RE.
import java.util.ArrayList;
import java.util.Arrays;

public class Hog {
    public static void main(String[] args) {
        ArrayList<byte[]> kept = new ArrayList<>();
        for (int i = 0; ; i++) {
            byte[] block = new byte[1 << 20];
            Arrays.fill(block, (byte) (i | 1));
            kept.add(block);
        }
    }
}
