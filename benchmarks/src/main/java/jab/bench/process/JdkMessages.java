package jab.bench.process;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.util.function.Supplier;

/**
 * What a JDK says when it reads the launch mechanism (JDK 25 prints a VFORK deprecation warning to
 * System.err; a JDK without the mechanism throws an Error). JMH copies a fork's output to the
 * console of the JVM running JMH, not to a file, so the words would be lost with the scrollback:
 * they are copied, verbatim, to the file named by {@code -Djab.process.messages} (jab puts it in
 * the run's work dir and keeps what it holds after the JMH part), one line per message: the JDK's feature version TAB mechanism TAB text with \n escaped.
 */
public final class JdkMessages {
    public static final String FILE_PROPERTY = "jab.process.messages";

    private JdkMessages() {
    }

    /** Runs {@code action} with System.err teed, and records what it printed or threw. */
    static String capture(String mechanism, Supplier<String> action) {
        PrintStream original = System.err;
        ByteArrayOutputStream said = new ByteArrayOutputStream();
        System.setErr(new PrintStream(new Tee(original, said), true));
        try {
            return action.get();
        } catch (Error e) {
            said.writeBytes((e.getClass().getName() + ": " + e.getMessage()).getBytes(StandardCharsets.UTF_8));
            throw e;
        } finally {
            System.setErr(original);
            record(mechanism, said.toString(StandardCharsets.UTF_8).strip());
        }
    }

    private static void record(String mechanism, String text) {
        String file = System.getProperty(FILE_PROPERTY, "");
        if (text.isEmpty() || file.isEmpty()) {
            return;
        }
        String line = System.getProperty("java.specification.version") + "\t" + mechanism + "\t"
                + text.replace("\\", "\\\\").replace("\r", "").replace("\n", "\\n") + "\n";
        try {
            Files.write(Paths.get(file), line.getBytes(StandardCharsets.UTF_8), StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        } catch (IOException e) {
            System.err.println("jab: could not record the JDK's message in " + file + ": " + e);
        }
    }

    private static final class Tee extends OutputStream {
        private final OutputStream a;
        private final OutputStream b;

        Tee(OutputStream a, OutputStream b) {
            this.a = a;
            this.b = b;
        }

        @Override
        public void write(int x) throws IOException {
            a.write(x);
            b.write(x);
        }

        @Override
        public void write(byte[] buf, int off, int len) throws IOException {
            a.write(buf, off, len);
            b.write(buf, off, len);
        }

        @Override
        public void flush() throws IOException {
            a.flush();
        }
    }
}
