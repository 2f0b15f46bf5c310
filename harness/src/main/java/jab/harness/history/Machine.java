package jab.harness.history;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The machine a run was measured on, as far as its ratios care: OS and architecture, CPU model and
 * threads, memory and virtualization, from env.json's fingerprint. The host name is left out, so the
 * runners of one kind (a CI's ubuntu-24.04 runners, new hosts every run) make one series, and a ratio
 * from macOS and one from Linux never do. Its id is the label's SHA-256, cut to 12 hex digits.
 */
public record Machine(String id, String label) {

    public static Machine of(JsonNode env) {
        JsonNode os = env.path("os");
        JsonNode cpu = env.path("cpu");
        long gib = Math.round(env.path("memory").path("totalBytes").asLong() / (double) (1L << 30));
        String virt = os.path("virtualization").asText("");
        String label = String.format(Locale.ROOT, "%s %s; %s, %d threads, %d GB%s", os.path("name").asText("unknown OS"),
                os.path("arch").asText("?"), cpu.path("model").asText("unknown CPU"), cpu.path("logicalThreads").asInt(),
                gib, virt.isEmpty() || virt.equals("none") ? "" : "; " + virt);
        return named(label);
    }

    /** A machine named by the user ({@code jab history add --machine}): its label is the name. */
    public static Machine named(String label) {
        try {
            byte[] h = MessageDigest.getInstance("SHA-256").digest(label.getBytes(StandardCharsets.UTF_8));
            return new Machine(HexFormat.of().formatHex(h).substring(0, 12), label);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
