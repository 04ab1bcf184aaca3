package io.abk.billing.gateway.operator.adminport;

import java.util.Objects;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.http.server.reactive.HttpHandler;

/** The operator API's own listener and the filter that keeps each port to its part, when BILLING_ADMIN_PORT is set. */
@Configuration(proxyBeanMethods = false)
@ConditionalOnExpression("'${billing.admin-port:}' != ''")
public class AdminPortConfiguration {

    @Bean
    AdminPort adminPort(AdminPortProperties properties, Environment environment, ObjectProvider<HttpHandler> handler) {
        int port = Objects.requireNonNull(properties.adminPort(), "billing.admin-port is set");
        var apiPort = environment.getProperty("server.port", Integer.class, 8080);
        if (port != 0 && port == apiPort) {
            throw new IllegalArgumentException(AdminPortProperties.VARIABLE + " must differ from the API port ("
                    + "BILLING_HTTP_PORT), both were " + port + ": the operator API needs a port of its own");
        }
        return new AdminPort(port, handler);
    }

    @Bean
    AdminPortFilter adminPortFilter(AdminPort adminPort) {
        return new AdminPortFilter(adminPort);
    }
}
