package jab.harness.compare;

import java.net.URISyntaxException;
import java.nio.file.Path;

/** Test resources: hand-made JMH JSON (jmh/) and synthetic run directories (fixtures/, see make_fixtures.py). */
public final class Fixtures {
    private Fixtures() {
    }

    public static Path resource(String name) {
        try {
            return Path.of(Fixtures.class.getResource("/" + name).toURI());
        } catch (URISyntaxException | NullPointerException e) {
            throw new IllegalStateException("test resource " + name + " missing", e);
        }
    }

    public static Path run(String name) {
        return resource("fixtures/" + name);
    }
}
