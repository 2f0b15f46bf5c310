package jab.bench.fs;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * The existence checks under test. Each takes both a {@link File} and a {@link Path} of the same
 * name, made in setup, so that no conversion is timed: the choice a library faces is which call to
 * make on the object it already holds.
 */
public enum ExistenceCheck {
    /** {@code java.io.File.exists()}: stat(2) through the native UnixFileSystem; follows links. */
    FILE_EXISTS("File.exists()") {
        @Override
        public boolean check(File file, Path path) {
            return file.exists();
        }
    },
    /** {@code File.isFile()}: the same stat, then a mode test; follows links. */
    FILE_IS_FILE("File.isFile()") {
        @Override
        public boolean check(File file, Path path) {
            return file.isFile();
        }
    },
    /** {@code Files.exists(p)}: follows links; on some JDKs builds an exception for a missing file. */
    FILES_EXISTS("Files.exists(p)") {
        @Override
        public boolean check(File file, Path path) {
            return Files.exists(path);
        }
    },
    /** {@code Files.exists(p, NOFOLLOW_LINKS)}: lstat; true for a broken symlink (JGit's choice). */
    FILES_EXISTS_NOFOLLOW("Files.exists(p, NOFOLLOW_LINKS)") {
        @Override
        public boolean check(File file, Path path) {
            return Files.exists(path, LinkOption.NOFOLLOW_LINKS);
        }
    },
    /** {@code Files.notExists(p)}: true only when absence is certain (not when access is denied). */
    FILES_NOT_EXISTS("Files.notExists(p)") {
        @Override
        public boolean check(File file, Path path) {
            return Files.notExists(path);
        }
    },
    /** {@code Files.isRegularFile(p)}: follows links. */
    FILES_IS_REGULAR_FILE("Files.isRegularFile(p)") {
        @Override
        public boolean check(File file, Path path) {
            return Files.isRegularFile(path);
        }
    },
    /** {@code Files.readAttributes(p, BasicFileAttributes.class)}: a missing file throws and is caught. */
    FILES_READ_ATTRIBUTES("Files.readAttributes(p, Basic) + catch") {
        @Override
        public boolean check(File file, Path path) {
            try {
                return Files.readAttributes(path, BasicFileAttributes.class) != null;
            } catch (NoSuchFileException e) {
                return false;
            } catch (IOException e) {
                return false;
            }
        }
    };

    private final String call;

    ExistenceCheck(String call) {
        this.call = call;
    }

    /** The Java call as a user would write it. */
    public String call() {
        return call;
    }

    public abstract boolean check(File file, Path path);
}
