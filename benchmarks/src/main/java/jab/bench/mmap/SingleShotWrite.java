package jab.bench.mmap;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

import jab.bench.support.BenchDirs;

/**
 * What every mmap-family benchmark shares: one measured invocation writes a whole file of
 * {@code totalBytes} in {@code chunkSize} pieces (single shot, as seed 004 timed it), to a fresh
 * path under {@code jab.dir}; the file is checked for its size and deleted after each invocation,
 * outside the timing, so the next one starts from nothing and the disk never holds two.
 *
 * <p>{@code force=false} measures the copy into the page cache (write-back happens later, on the
 * kernel's time); {@code force=true} adds an fsync before close and so measures the device.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public abstract class SingleShotWrite {

    @Param({"1024", "4096", "16384"})
    public int chunkSize;

    @Param("268435456")
    public long totalBytes;

    @Param("false")
    public boolean force;

    private Path dir;
    private int serial;
    /** The file of the invocation in progress. */
    protected Path file;

    @Setup(Level.Trial)
    public void createDir() {
        dir = BenchDirs.freshTrialDir("mmap-");
    }

    @Setup(Level.Invocation)
    public void freshFile() throws IOException {
        file = dir.resolve("write-" + serial++ + ".bin");
        Files.deleteIfExists(file);
        fileChosen();
    }

    /** Called once {@link #file} names the invocation's fresh file, outside the timing. */
    protected void fileChosen() {
    }

    /** Called when the invocation's file was checked and deleted, outside the timing. */
    protected void fileDone() {
    }

    @TearDown(Level.Invocation)
    public void checkAndDeleteFile() throws IOException {
        long size = Files.size(file);
        Files.delete(file);
        fileDone();
        if (size != totalBytes) {
            throw new IllegalStateException(file + " holds " + size + " bytes, expected " + totalBytes);
        }
    }

    @TearDown(Level.Trial)
    public void removeDir() {
        BenchDirs.deleteTree(dir);
    }
}
