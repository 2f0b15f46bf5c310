package jab.harness.export;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import jab.harness.report.BuildVerdicts;

/** One export format: lays the same rows out as one CI tracker or reader expects them. */
public interface ExportFormat {
    /** The name {@code --format} takes. */
    String name();

    /** Writes the rows into {@code dir} and says what each file written holds. */
    List<Written> write(List<ExportRow> rows, Path dir) throws IOException;

    /**
     * Writes the ratios of a run that compared two builds: head/base, the head's time over the base's
     * (smaller is better), with its 95% interval over forks; says what each file written holds.
     */
    List<Written> writeRatios(List<BuildVerdicts.Row> rows, Path dir) throws IOException;

    /** A file written and what it holds, as the command prints it; no file (null) when there was nothing to write. */
    record Written(Path file, String what) {
    }
}
