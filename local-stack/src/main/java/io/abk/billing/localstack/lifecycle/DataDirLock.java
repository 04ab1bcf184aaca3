package io.abk.billing.localstack.lifecycle;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Exclusive use of a data directory by one running local stack. The operating system drops the lock when the
 * process dies, even on {@code kill -9}, so a lock that can be taken means any PostgreSQL still holding the
 * directory was left behind by a dead run (and may be stopped), while a lock that cannot be taken means another
 * stack is alive and its servers must not be touched.
 */
public final class DataDirLock implements AutoCloseable {

    static final String FILE_NAME = "local-stack.lock";

    private final FileChannel channel;
    private final FileLock lock;

    private DataDirLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    /** Takes the lock or fails naming the process that holds it. */
    public static DataDirLock acquire(Path dataDir) throws IOException {
        var file = dataDir.resolve(FILE_NAME);
        var channel =
                FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
        FileLock lock;
        try {
            lock = channel.tryLock();
        } catch (OverlappingFileLockException e) {
            lock = null;
        }
        if (lock == null) {
            var holder = Files.readString(file, StandardCharsets.UTF_8).strip();
            channel.close();
            throw new IllegalStateException(
                    "the data directory " + dataDir + " is in use by another running local stack"
                            + (holder.isEmpty() ? "" : " (pid " + holder + ")")
                            + "; stop it first, or give this one its own BILLING_DATA_DIR");
        }
        channel.truncate(0);
        channel.write(
                StandardCharsets.UTF_8.encode(
                        Long.toString(ProcessHandle.current().pid())),
                0);
        return new DataDirLock(channel, lock);
    }

    @Override
    public void close() throws IOException {
        lock.release();
        channel.close();
    }
}
