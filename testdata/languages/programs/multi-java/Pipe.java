// The helper class: copies a stream to another, unchanged.
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

public class Pipe {
    static void copy(InputStream in, OutputStream out) throws IOException {
        byte[] buf = new byte[1 << 16];
        int n;
        while ((n = in.read(buf)) > 0) {
            out.write(buf, 0, n);
        }
        out.flush();
    }
}
