import type { UseFormRegisterReturn } from 'react-hook-form';
import { GST_RATES } from '@contract/gst';
import { SelectField, TextField } from '@/components/ui/form-field';

interface ProductTaxFieldsProps {
  hsnCode: UseFormRegisterReturn;
  gstRate: UseFormRegisterReturn;
  errors: { hsnCode?: string; gstRate?: string };
  /** An empty first choice (a new product has no rate until one is chosen). */
  ratePlaceholder?: string;
}

/**
 * A product's HSN code and GST rate, as its tax invoice prints them (design 12.7): on a vendor's new product and on
 * the Directors' tax form of a product's page. The two fields only; the form lays them out.
 */
export function ProductTaxFields({ hsnCode, gstRate, errors, ratePlaceholder }: ProductTaxFieldsProps) {
  return (
    <>
      <TextField
        label="HSN code"
        hint="4, 6 or 8 digits"
        inputMode="numeric"
        autoComplete="off"
        spellCheck={false}
        maxLength={8}
        error={errors.hsnCode}
        {...hsnCode}
      />
      <SelectField
        label="GST rate"
        hint="Included in the price"
        error={errors.gstRate}
        options={GST_RATES}
        optionLabel={(rate) => `${rate} %`}
        {...gstRate}
      >
        {ratePlaceholder !== undefined && <option value="">{ratePlaceholder}</option>}
      </SelectField>
    </>
  );
}
