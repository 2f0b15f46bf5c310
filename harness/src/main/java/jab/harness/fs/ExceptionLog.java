package jab.harness.fs;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Exceptions thrown per operation, counted in HotSpot's {@code -Xlog:exceptions=info} output of an n
 * and a 2n run. The log has a header line per frame an exception passes through, e.g.
 * {@code Exception <a 'java/nio/file/NoSuchFileException'{0x000000069ec41f10}>}, so
 * lines are not exceptions: one exception is a run of headers with the same class and object
 * address, and a new address of that class is the next exception.
 */
final class ExceptionLog {
    // The class and the object's address, as both header shapes give them: the interpreter's
    // "Exception <a 'C'{0x...}>" and a native throw's "Exception <a 'C'{0x...}> (0x...)".
    private static final Pattern HEADER = Pattern.compile("Exception <a '([\\w/$]+)'\\{(0x[0-9a-fA-F]+)\\}");

    private ExceptionLog() {
    }

    /** Exceptions thrown, by class name (java.nio.file.NoSuchFileException). */
    static Map<String, Long> count(List<String> lines) {
        Map<String, Long> thrown = new TreeMap<>();
        Map<String, String> lastAddress = new LinkedHashMap<>();
        for (String line : lines) {
            Matcher m = HEADER.matcher(line.strip());
            if (!m.find()) {
                continue;
            }
            String type = m.group(1).replace('/', '.');
            if (!m.group(2).equals(lastAddress.put(type, m.group(2)))) {
                thrown.merge(type, 1L, Long::sum);
            }
        }
        return thrown;
    }

    /** (2n run's count - n run's count) / n per class, those of at least 0.1 per operation. */
    static Map<String, Double> perOperation(List<String> once, List<String> twice, long n) {
        Map<String, Long> a = count(once);
        Map<String, Long> b = count(twice);
        Map<String, Double> out = new TreeMap<>();
        b.forEach((type, c) -> {
            double perOp = (double) (c - a.getOrDefault(type, 0L)) / n;
            if (perOp >= 0.1) {
                out.put(type, perOp);
            }
        });
        return out;
    }
}
