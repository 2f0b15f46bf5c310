package jab.harness.page;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Properties;

/**
 * Chart.js as shipped in its WebJar (org.webjars.npm:chart.js on jab's class path), read from the
 * jar and inlined into report.html so the page needs no network. MIT licence; its header comment
 * stays in the page.
 */
public final class ChartLibrary {
    private static final String POM = "META-INF/maven/org.webjars.npm/chart.js/pom.properties";

    private ChartLibrary() {
    }

    public static String version() {
        try (InputStream in = resource(POM)) {
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version");
        } catch (IOException e) {
            throw new IllegalStateException("Chart.js WebJar unreadable: " + e.getMessage(), e);
        }
    }

    /** The minified UMD build, safe to put between script tags. */
    public static String script() {
        String path = "META-INF/resources/webjars/chart.js/" + version() + "/dist/chart.umd.min.js";
        try (InputStream in = resource(path)) {
            String js = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            // The source map is not shipped with the page; a browser would try to fetch it.
            js = js.replaceAll("//# sourceMappingURL=\\S*", "");
            return js.replaceAll("(?i)</script", "<\\\\/script");
        } catch (IOException e) {
            throw new IllegalStateException("Chart.js WebJar unreadable: " + e.getMessage(), e);
        }
    }

    private static InputStream resource(String path) throws IOException {
        InputStream in = ChartLibrary.class.getClassLoader().getResourceAsStream(path);
        if (in == null) {
            throw new IOException(path + " not on the class path (is org.webjars.npm:chart.js in harness/target/lib?)");
        }
        return in;
    }
}
