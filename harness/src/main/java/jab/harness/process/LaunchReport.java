package jab.harness.process;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * process-launch.json in the run directory: the child used, the strace proof per JDK and mechanism
 * with each JDK's own messages, and the family's notes. The summary reads it back from disk.
 */
final class LaunchReport {
    static final String FILE = "process-launch.json";

    private LaunchReport() {
    }

    static void write(Path runDir, ProcessChild child, String strace, Map<String, List<LaunchTrace.Trace>> traces,
                      List<String> notes) throws IOException {
        ObjectMapper m = new ObjectMapper();
        ObjectNode root = m.createObjectNode();
        root.putObject("child").put("path", child.path()).put("note", child.note());
        root.put("strace", strace);
        ObjectNode byJdk = root.putObject("traces");
        traces.forEach((jdk, list) -> {
            ArrayNode a = byJdk.putArray(jdk);
            for (LaunchTrace.Trace t : list) {
                ObjectNode o = a.addObject();
                o.put("requested", t.requested()).put("effective", t.effective()).put("line", t.line())
                        .put("jspawnhelper", t.usesJspawnhelper()).put("sharedMemory", t.sharedMemory())
                        .put("jdkMessage", t.jdkMessage()).put("exitCode", t.exitCode());
                ArrayNode steps = o.putArray("steps");
                t.steps().forEach(steps::add);
            }
        });
        ArrayNode n = root.putArray("notes");
        notes.forEach(n::add);
        m.writerWithDefaultPrettyPrinter().writeValue(runDir.resolve(FILE).toFile(), root);
    }

    static JsonNode read(Path runDir) {
        try {
            return new ObjectMapper().readTree(runDir.resolve(FILE).toFile());
        } catch (IOException e) {
            return new ObjectMapper().createObjectNode();
        }
    }
}
