package jab.harness.run.lifecycle;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;

/**
 * One measuring run per machine at a time: two runs at once would each measure the other. JMH has
 * a lock of its own that makes a second run fail; jab waits for the first run instead, and tells
 * the user it waits, then runs JMH with its own lock off (jab holds the machine-wide one).
 */
public final class RunLock implements AutoCloseable {
    private final FileChannel channel;
    private final FileLock lock;

    private RunLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    public static RunLock acquire(PrintStream log) throws IOException {
        Path file = Paths.get(System.getProperty("java.io.tmpdir"), "jab-run.lock");
        FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        FileLock l = ch.tryLock();
        if (l == null) {
            log.println("jab: another jab run is measuring on this machine (" + file + "); waiting for it to finish ...");
            l = ch.lock();
        }
        System.setProperty("jmh.ignoreLock", "true");
        return new RunLock(ch, l);
    }

    @Override
    public void close() throws IOException {
        lock.release();
        channel.close();
    }
}
