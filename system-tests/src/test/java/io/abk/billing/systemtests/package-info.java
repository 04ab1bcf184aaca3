/**
 * The tests of the whole platform rather than of one module: the stack end to end ({@code stack}), the deployment's
 * files ({@code deploy}), the architecture rules over every module ({@code architecture}) and the documentation
 * ({@code docs}).
 */
@NullMarked
package io.abk.billing.systemtests;

import org.jspecify.annotations.NullMarked;
