/** Start-up bootstrap of the demo merchant and its configured keys (local stack). */
@NullMarked
package io.abk.billing.gateway.operator.demo;

import org.jspecify.annotations.NullMarked;
