package io.abk.billing.localstack.kafka;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.metadata.properties.MetaPropertiesEnsemble;
import org.apache.kafka.metadata.storage.Formatter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Formats the broker's log directory on first start only, with Kafka's own formatter (what
 * {@code kafka-storage.sh format} runs). A formatted directory is never touched again: formatting twice would
 * mint a new cluster id and orphan every topic.
 */
final class BrokerStorage {

    private static final Logger log = LoggerFactory.getLogger(BrokerStorage.class);

    private BrokerStorage() {}

    /** True when {@code logDir} holds a {@code meta.properties}, i.e. was formatted before. */
    static boolean isFormatted(Path logDir) {
        return Files.exists(logDir.resolve(MetaPropertiesEnsemble.META_PROPERTIES_NAME));
    }

    /**
     * Formats {@code settings.logDir()} when it is not formatted yet.
     *
     * @return true when it formatted the directory now
     */
    static boolean formatIfNeeded(BrokerSettings settings) throws Exception {
        if (isFormatted(settings.logDir())) {
            return false;
        }
        Files.createDirectories(settings.logDir());
        var output = new ByteArrayOutputStream();
        var clusterId = Uuid.randomUuid().toString();
        new Formatter()
                .setPrintStream(new PrintStream(output, true, StandardCharsets.UTF_8))
                .setNodeId(BrokerSettings.NODE_ID)
                .setClusterId(clusterId)
                .setControllerListenerName(BrokerSettings.CONTROLLER_LISTENER)
                .setMetadataLogDirectory(settings.logDir().toString())
                .addDirectory(settings.logDir().toString())
                .run();
        log.info("kafka storage formatted dir={} clusterId={}", settings.logDir(), clusterId);
        log.debug(
                "formatter output: {}", output.toString(StandardCharsets.UTF_8).strip());
        return true;
    }
}
