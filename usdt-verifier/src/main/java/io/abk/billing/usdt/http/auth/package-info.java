/** The API keys the verifier accepts and the filter that checks them on every route but /health and /actuator. */
@NullMarked
package io.abk.billing.usdt.http.auth;

import org.jspecify.annotations.NullMarked;
