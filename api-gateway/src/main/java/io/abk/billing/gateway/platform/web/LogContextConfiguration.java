package io.abk.billing.gateway.platform.web;

import org.springframework.context.annotation.Configuration;

/** Installs {@link LogContext}'s MDC accessor when the gateway starts. */
@Configuration(proxyBeanMethods = false)
public class LogContextConfiguration {

    public LogContextConfiguration() {
        LogContext.register();
    }
}
