// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.24;

// The civil calendar of SubscriptionVault.addMonths, as file-level functions the compiler inlines into the vault.
//
// Howard Hinnant's days-from-civil and civil-from-days (http://howardhinnant.github.io/date_algorithms.html),
// for days since 1970-01-01 >= 0 only: timestamps here are unsigned, so years are >= 1970 and every
// intermediate value is non-negative.

function daysFromCivil(uint256 year, uint256 month, uint256 day) pure returns (uint256) {
    uint256 y = month <= 2 ? year - 1 : year;
    uint256 era = y / 400;
    uint256 yearOfEra = y - era * 400;
    uint256 dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1;
    uint256 dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear;
    return era * 146097 + dayOfEra - 719468;
}

function civilFromDays(uint256 dayNumber) pure returns (uint256 year, uint256 month, uint256 day) {
    uint256 z = dayNumber + 719468;
    uint256 era = z / 146097;
    uint256 dayOfEra = z - era * 146097;
    uint256 yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146096) / 365;
    uint256 dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100);
    uint256 mp = (5 * dayOfYear + 2) / 153;
    day = dayOfYear - (153 * mp + 2) / 5 + 1;
    month = mp < 10 ? mp + 3 : mp - 9;
    year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
}

function daysInMonth(uint256 year, uint256 month) pure returns (uint256) {
    if (month == 2) {
        bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
        return leap ? 29 : 28;
    }
    return (month == 4 || month == 6 || month == 9 || month == 11) ? 30 : 31;
}
