// Differential harness: runs java.net.URLEncoder/URLDecoder (UTF-8) over hex lines on stdin.
// Input: UTF-16 code units, 4 hex digits each. Output: "ok\t<UTF-16 hex>" or
// "err\t<UTF-8 hex of 'class: message'>" (lone surrogates in a message as U+FFFD).
import java.io.*;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

public class Harness {
    public static void main(String[] args) throws IOException {
        boolean encode = args[0].equals("java.URLEncoder");
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.US_ASCII));
        StringBuilder out = new StringBuilder();
        String line;
        while ((line = in.readLine()) != null) {
            StringBuilder s = new StringBuilder();
            for (int i = 0; i < line.length(); i += 4) s.append((char) Integer.parseInt(line.substring(i, i + 4), 16));
            try {
                String r = encode ? URLEncoder.encode(s.toString(), StandardCharsets.UTF_8)
                                  : URLDecoder.decode(s.toString(), StandardCharsets.UTF_8);
                out.append("ok\t");
                for (int i = 0; i < r.length(); i++) out.append(String.format("%04x", (int) r.charAt(i)));
            } catch (Exception e) {
                String m = e.getClass().getName() + ": " + e.getMessage();
                StringBuilder clean = new StringBuilder();
                for (int i = 0; i < m.length(); i++) {
                    char c = m.charAt(i);
                    if (Character.isHighSurrogate(c) && i + 1 < m.length() && Character.isLowSurrogate(m.charAt(i + 1))) {
                        clean.append(c).append(m.charAt(++i));
                    } else if (Character.isSurrogate(c)) {
                        clean.append('\uFFFD');
                    } else {
                        clean.append(c);
                    }
                }
                out.append("err\t");
                for (byte b : clean.toString().getBytes(StandardCharsets.UTF_8)) out.append(String.format("%02x", b & 0xff));
            }
            out.append('\n');
        }
        System.out.print(out);
    }
}
