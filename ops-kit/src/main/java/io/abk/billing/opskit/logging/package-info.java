/** Logging of a service run as its own process: readable lines, or one JSON object a line (ECS, Logstash, GELF). */
@NullMarked
package io.abk.billing.opskit.logging;

import org.jspecify.annotations.NullMarked;
