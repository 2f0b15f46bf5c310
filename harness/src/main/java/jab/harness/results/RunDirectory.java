package jab.harness.results;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A run's folder, {@code <out>/<yyyyMMdd-HHmmss-host>}, and its env.json, whose {@code run.status}
 * says running, complete, failed or interrupted: a folder from a Ctrl-C'd run says so itself.
 */
public final class RunDirectory {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private final Path dir;
    private final ObjectNode env;

    private RunDirectory(Path dir, ObjectNode env) {
        this.dir = dir;
        this.env = env;
    }

    public static RunDirectory create(Path out, String host, ObjectNode env) throws IOException {
        Files.createDirectories(out);
        String base = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + "-"
                + host.replaceAll("[^A-Za-z0-9.-]", "_");
        for (int i = 0; ; i++) {
            Path dir = out.resolve(i == 0 ? base : base + "-" + i);
            try {
                Files.createDirectory(dir);
                RunDirectory rd = new RunDirectory(dir.toAbsolutePath(), env);
                rd.status("running");
                return rd;
            } catch (FileAlreadyExistsException e) {
                // two runs in the same second: take the next name
            }
        }
    }

    public Path dir() {
        return dir;
    }

    public ObjectNode env() {
        return env;
    }

    /** Records the run's status in env.json, written atomically so a Ctrl-C never leaves half a file. */
    public synchronized void status(String status) throws IOException {
        ((ObjectNode) env.with("run")).put("status", status);
        write("env.json", env);
    }

    public synchronized void write(String name, Object json) throws IOException {
        Path tmp = dir.resolve("." + name + ".tmp");
        MAPPER.writerWithDefaultPrettyPrinter().writeValue(tmp.toFile(), json);
        Files.move(tmp, dir.resolve(name), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
