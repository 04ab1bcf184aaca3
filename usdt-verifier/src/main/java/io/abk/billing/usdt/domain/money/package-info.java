/** USDT amounts as exact micro-units, parsed exactly from the API's JSON numbers. Pure Java. */
@NullMarked
package io.abk.billing.usdt.domain.money;

import org.jspecify.annotations.NullMarked;
