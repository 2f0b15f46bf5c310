package jab.harness.process;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jab.harness.results.RunResults;

/**
 * process-jdk-messages.json: what the JDKs printed in the benchmark forks when a launch mechanism was
 * set (JDK 25's VFORK deprecation, an Error), each distinct message once with the number of forks
 * that said it. The forks append to a file in the work dir (jab.bench.process.JdkMessages); the
 * family turns it into this document after the JMH part.
 */
final class JdkMessagesDocument {
    static final String NAME = "process-jdk-messages";
    /** The forks' file, in the work dir (format 1 kept it, as is, in the run directory). */
    static final String FORKS_FILE = "process-jdk-messages.tsv";

    /** One message of one JDK for one mechanism. */
    record Message(String jdk, String mechanism, String text, int forks) {
    }

    private JdkMessagesDocument() {
    }

    /** The forks' lines (jdk TAB mechanism TAB text, \n escaped), counted. */
    static List<Message> parse(String tsv) {
        Map<List<String>, Integer> counts = new LinkedHashMap<>();
        for (String line : tsv.split("\\R")) {
            String[] f = line.split("\t", 3);
            if (f.length == 3) {
                String text = f[2].replace("\\n", "\n").replace("\\\\", "\\");
                counts.merge(List.of(f[0], f[1], text), 1, Integer::sum);
            }
        }
        List<Message> out = new ArrayList<>();
        counts.forEach((k, n) -> out.add(new Message(k.get(0), k.get(1), k.get(2), n)));
        return out;
    }

    static List<Message> readForksFile(Path workDir) throws IOException {
        Path f = workDir.resolve(FORKS_FILE);
        return Files.isRegularFile(f) ? parse(Files.readString(f, StandardCharsets.UTF_8)) : List.of();
    }

    /** The run's messages and the file they were read from: this document, or (format 1) the forks' own file. */
    record Read(String file, List<Message> messages) {
    }

    static Read of(RunResults run) {
        List<Message> doc = run.documentList(NAME, Message.class);
        if (!doc.isEmpty()) {
            return new Read(jab.harness.results.RunStore.document(NAME), doc);
        }
        return new Read(FORKS_FILE, run.text(FORKS_FILE).map(JdkMessagesDocument::parse).orElse(List.of()));
    }
}
