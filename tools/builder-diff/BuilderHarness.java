// Builder harness (Java): the usual query join over the cases on stdin (`flavor TAB pairs`):
// URLEncoder.encode(k, UTF_8) + "=" + URLEncoder.encode(v, UTF_8), joined by "&".
import java.io.*;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

public class BuilderHarness {
    static String unhex(String h) {
        byte[] b = new byte[h.length() / 2];
        for (int i = 0; i < b.length; i++) b[i] = (byte) Integer.parseInt(h.substring(2 * i, 2 * i + 2), 16);
        return new String(b, StandardCharsets.UTF_8);
    }

    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.US_ASCII));
        StringBuilder out = new StringBuilder();
        String line;
        while ((line = in.readLine()) != null) {
            String field = line.split("\t", -1)[1];
            List<String[]> pairs = new ArrayList<>();
            if (!field.isEmpty()) {
                for (String item : field.split(",", -1)) {
                    String[] kv = item.split(":", -1);
                    pairs.add(new String[] {unhex(kv[0]), unhex(kv[1])});
                }
            }
            out.append(pairs.stream()
                    .map(p -> URLEncoder.encode(p[0], StandardCharsets.UTF_8) + "=" + URLEncoder.encode(p[1], StandardCharsets.UTF_8))
                    .collect(Collectors.joining("&")));
            out.append('\n');
        }
        System.out.print(out);
    }
}
