/**
 * Reading request bodies exactly: typed field readers over a parsed JSON tree that turn every wrong type,
 * missing field or out-of-range value into a 400 naming the field, and the JSON mapper settings that keep
 * numbers exact (BigDecimal in, plain decimals out).
 */
@NullMarked
package io.abk.billing.gateway.platform.json;

import org.jspecify.annotations.NullMarked;
