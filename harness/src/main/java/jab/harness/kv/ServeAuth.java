package jab.harness.kv;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import jab.harness.UsageException;

/**
 * Who may use {@code jab kv serve}: its password, from {@code --requirepass}, from a file or from an
 * environment variable (the last two keep it out of {@code ps}), never empty, since an empty password
 * would let every client in; and, as Redis's protected mode, no listening beyond loopback without a
 * password unless told {@code --protected-mode no}.
 */
final class ServeAuth {
    static final String ENV = "JAB_KV_REQUIREPASS";

    private ServeAuth() {
    }

    /** The password to require, or null for none. */
    static String password(String option, Path file, Map<String, String> env) {
        if (option != null && file != null) {
            throw new UsageException("give --requirepass or --requirepass-file, not both");
        }
        String password;
        String source;
        if (option != null) {
            password = option;
            source = "--requirepass";
        } else if (file != null) {
            password = read(file);
            source = "--requirepass-file " + file;
        } else if (env.get(ENV) != null) {
            password = env.get(ENV);
            source = ENV;
        } else {
            return null;
        }
        if (password.isEmpty()) {
            throw new UsageException(source + " is empty: an empty password would let every client in"
                    + " (leave it out to serve without AUTH)");
        }
        return password;
    }

    /** The file's text without its final line end; it must hold one line. */
    private static String read(Path file) {
        String text;
        try {
            text = Files.readString(file);
        } catch (IOException e) {
            throw new UsageException("--requirepass-file " + file + ": cannot read it (" + e + ")");
        }
        String line = text.endsWith("\r\n") ? text.substring(0, text.length() - 2)
                : text.endsWith("\n") ? text.substring(0, text.length() - 1) : text;
        if (line.indexOf('\n') >= 0 || line.indexOf('\r') >= 0) {
            throw new UsageException("--requirepass-file " + file + " must hold the password on one line");
        }
        return line;
    }

    /** Refuses a non-loopback address without a password while protected mode is on. */
    static void checkExposure(InetAddress bind, String password, boolean protectedMode) {
        if (protectedMode && password == null && !bind.isLoopbackAddress()) {
            throw new UsageException("refusing to listen on " + bind.getHostAddress() + " without a password"
                    + " (protected mode, as in Redis): give --requirepass, --requirepass-file or " + ENV
                    + ", or --protected-mode no to serve anyone who can reach it");
        }
    }
}
