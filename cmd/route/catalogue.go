package main

import (
	"github.com/spf13/cobra"

	"github.com/stalwart-agents/stalwart/catalogue"
)

func newCatalogueCmd(e *env) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "catalogue",
		Short: "Import and list catalogues of tools",
	}
	cmd.AddCommand(newImportCmd(e))
	return cmd
}

func newImportCmd(e *env) *cobra.Command {
	var out string
	cmd := &cobra.Command{
		Use:   "import SOURCE",
		Short: "Import tools from an MCP list or an OpenAPI document into a catalogue file",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			c, err := catalogue.ImportFile(args[0])
			if err != nil {
				return fileError(err)
			}
			if out == "" {
				_, err = c.WriteTo(e.stdout)
				return err
			}
			return fileError(c.WriteFile(out))
		},
	}
	cmd.Flags().StringVar(&out, "out", "", "write the catalogue to `F` instead of printing it")
	return cmd
}
