package io.abk.billing.opskit.metrics;

import io.micrometer.core.instrument.Metrics;
import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.FileDescriptorMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;

/**
 * The Prometheus registry of a service process: every meter carries {@code service=<name>}, the JVM's own meters
 * (memory, GC, threads, classes, CPU, uptime, file descriptors) are bound, and the registry joins Micrometer's global
 * registry, through which the services' domain code records its meters ({@code Metrics.counter(...)}): the domain
 * code needs no registry handed down, and its meters cost nothing where no registry was added (unit tests).
 */
public final class ServiceMetrics {

    private ServiceMetrics() {}

    public static PrometheusMeterRegistry create(String service) {
        var registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        registry.config().commonTags("service", service);
        new JvmMemoryMetrics().bindTo(registry);
        // Closed with the process: it only listens to the JVM's GC notifications.
        new JvmGcMetrics().bindTo(registry);
        new JvmThreadMetrics().bindTo(registry);
        new ClassLoaderMetrics().bindTo(registry);
        new ProcessorMetrics().bindTo(registry);
        new UptimeMetrics().bindTo(registry);
        new FileDescriptorMetrics().bindTo(registry);
        Metrics.addRegistry(registry);
        return registry;
    }
}
