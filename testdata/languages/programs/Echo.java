// Echo: standard input to standard output, unchanged.
import java.io.IOException;

public class Echo {
    public static void main(String[] args) throws IOException {
        byte[] buf = new byte[1 << 16];
        int n;
        while ((n = System.in.read(buf)) > 0) {
            System.out.write(buf, 0, n);
        }
        System.out.flush();
    }
}
